// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWidgetsWhenIdle } from './widgets';

const CHAT = 'https://code.jivo.ru/widget/AbC123';
const widgetTags = () => [...document.querySelectorAll('script')].map((s) => s.src);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the widgets’ loader (spec §7 «Also loaded»)', () => {
  it('adds each script only after the page has loaded and the browser is idle, once', () => {
    vi.useFakeTimers();
    let state: DocumentReadyState = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => state);
    const idle: (() => void)[] = [];
    window.requestIdleCallback = (run) => idle.push(() => run({} as IdleDeadline));
    window.cancelIdleCallback = () => {};

    loadWidgetsWhenIdle([CHAT]);
    expect(widgetTags()).toEqual([]);
    state = 'complete';
    window.dispatchEvent(new Event('load'));
    expect(widgetTags()).toEqual([]);
    for (const run of idle.splice(0)) run();
    expect(widgetTags()).toEqual([CHAT]);

    // A client navigation that mounts the layout again adds no second copy.
    loadWidgetsWhenIdle([CHAT]);
    for (const run of idle.splice(0)) run();
    expect(widgetTags()).toEqual([CHAT]);
  });

  it('adds nothing when the page leaves before its idle moment', () => {
    const idle: (() => void)[] = [];
    window.requestIdleCallback = (run) => idle.push(() => run({} as IdleDeadline));
    window.cancelIdleCallback = (id) => idle.splice(id - 1, 1);
    const cancel = loadWidgetsWhenIdle(['https://cdn.carrotquest.app/api.min.js']);
    cancel();
    for (const run of idle.splice(0)) run();
    expect(widgetTags()).toEqual([]);
  });
});
