import type { Settings } from '../../config/settings';

/** The chat and marketing widgets' scripts the shop has (spec §7 «Also loaded»); none when neither is set. */
export const widgetScripts = (settings: Pick<Settings, 'CHAT_WIDGET_URL' | 'MARKETING_WIDGET_URL'>): string[] =>
  [settings.CHAT_WIDGET_URL, settings.MARKETING_WIDGET_URL].filter((url): url is string => Boolean(url));

/**
 * Their hosts, which the page's security policy lets run scripts, style, show images, be called (an https source also
 * allows its wss) and be framed: a widget's own parts, from its own host, and nothing from anyone else.
 */
export const widgetOrigins = (scripts: string[]): string[] => [...new Set(scripts.map((url) => new URL(url).origin))];
