import { useId, useState } from 'react';
import { inFirstHydration } from '~/lib/first-hydration';

type ServerHtmlProps = Omit<React.ComponentProps<'div'>, 'dangerouslySetInnerHTML'> & {
  /** The server's markup of the children, when it has it already rendered (app/lib/markup-cache.ts). */
  serverMarkup?: string | null;
};

/**
 * A `<div>` whose children the server renders and the browser's first hydration leaves as the server's HTML: React
 * takes the markup it finds as the div's inner HTML and walks none of it (issue 29.5: a section page's 24 cards were a
 * third of its hydration). Only for children that need no React in the browser — links, images, text; clicks on the
 * links are the caller's (`onClick` on this div). A later mount (a navigation in the page) renders the children.
 */
export function ServerHtml({ children, serverMarkup, ...attrs }: ServerHtmlProps) {
  const id = useId();
  // Read once, at the first render: the server's markup of this very div, found by its id (the same on both sides).
  const [html] = useState(() =>
    inFirstHydration() ? (document.querySelector(`[data-server-html="${CSS.escape(id)}"]`)?.innerHTML ?? null) : null,
  );
  if (html === null && serverMarkup != null)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the children's markup, rendered by this server
    return <div {...attrs} data-server-html={id} dangerouslySetInnerHTML={{ __html: serverMarkup }} />;
  if (html === null)
    return (
      <div {...attrs} data-server-html={id}>
        {children}
      </div>
    );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup this server rendered for this very div
  return <div {...attrs} data-server-html={id} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
