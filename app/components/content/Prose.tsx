import styles from './Prose.module.css';

/** HTML the server rendered from the shop's Markdown (app/lib/markdown.server.ts escapes raw HTML and bad links). */
export function Prose({ html, className = '' }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from Markdown with raw HTML escaped
  return <div className={`${styles.prose} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
