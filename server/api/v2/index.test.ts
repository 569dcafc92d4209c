import { describe, expect, it } from 'vitest';
import { ADMIN_API, API, API_V2_BASE } from '../../../contract/api';
import { STAFF_API } from '../../../contract/staff-api';
import type { Services } from '../../../domain/services';
import type { PushHub } from '../../push/hub';
import { apiV2 } from '.';

describe('apiV2', () => {
  it('registers exactly the calls the contract names, so a path cannot drift between server and browser', () => {
    const api = apiV2({} as Services, { imgVersion: '1', writes: (_c, next) => next(), push: {} as PushHub });
    const registered = new Set(
      api.routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*')).map((r) => r.path),
    );
    // The reload command's path is also the back office's button (a staff session instead of the operator's token).
    expect([...registered].sort()).toEqual(
      [...Object.values(API), ...Object.values(STAFF_API), ...Object.values(ADMIN_API)].sort(),
    );
    for (const path of registered) expect(path.startsWith(`${API_V2_BASE}/`)).toBe(true);
  });
});
