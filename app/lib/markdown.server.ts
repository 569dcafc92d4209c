/** The renderer lives in the domain, so the back office's preview API renders exactly what the pages show. */
export { renderMarkdown } from '../../domain/content/markdown';
