import type { Settings } from '../../config/settings';

/** The chat and marketing widgets' scripts the shop has (spec §7 «Also loaded»); none when neither is set. */
export const widgetScripts = (settings: Pick<Settings, 'CHAT_WIDGET_URL' | 'MARKETING_WIDGET_URL'>): string[] =>
  [settings.CHAT_WIDGET_URL, settings.MARKETING_WIDGET_URL].filter((url): url is string => Boolean(url));

/**
 * The page policy's sources for the widgets: their scripts' hosts, and the chat provider's further hosts
 * (`CHAT_WIDGET_HOSTS`) with the chat only. The https ones may run scripts, style, serve images, fonts and sounds, be
 * called (an https source also allows its wss) and be framed; a wss one (a chat's socket) may only be called. Nothing
 * from anyone else.
 */
export function widgetSources(
  settings: Pick<Settings, 'CHAT_WIDGET_URL' | 'MARKETING_WIDGET_URL' | 'CHAT_WIDGET_HOSTS'>,
): { pages: string[]; connect: string[] } {
  const hosts = settings.CHAT_WIDGET_URL ? (settings.CHAT_WIDGET_HOSTS ?? []) : [];
  const origins = widgetScripts(settings).map((url) => new URL(url).origin);
  const pages = [...new Set([...origins, ...hosts.filter((h) => h.startsWith('https:'))])];
  return { pages, connect: [...new Set([...pages, ...hosts.filter((h) => h.startsWith('wss:'))])] };
}
