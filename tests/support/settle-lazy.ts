import { act } from 'react';
import { vi } from 'vitest';

/**
 * Lets the parts the app loads on demand (React.lazy: the pickup map, the town search, the street suggestions)
 * arrive and render, as a browser does a moment after the click: each round settles one level of nesting.
 */
export async function settleLazy(): Promise<void> {
  for (let round = 0; round < 3; round++)
    await act(async () => {
      await vi.dynamicImportSettled();
    });
}
