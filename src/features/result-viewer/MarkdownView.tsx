import Markdown, { type Components } from 'react-markdown';
import { imageSrcFromUrl, safeLinkHref } from './safe-url';

/** Only http(s) and mailto links keep their target; everything else (javascript:, data:, file:…) is dropped. */
function urlTransform(url: string): string {
  if (/^mailto:/i.test(url)) return url;
  return safeLinkHref(url) ?? imageSrcFromUrl(url) ?? '';
}

const components: Components = {
  a: ({ href, children }) => {
    const safe = href ? (safeLinkHref(href) ?? (/^mailto:/i.test(href) ? href : null)) : null;
    return safe ? (
      <a href={safe} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ) : (
      <span className="inert-link" title="Link not followed: only http(s) links are clickable">
        {children}
      </span>
    );
  },
  img: ({ src, alt }) => {
    const safe = typeof src === 'string' ? imageSrcFromUrl(src) : null;
    return safe ? <img src={safe} alt={alt ?? ''} className="md-image" /> : <span className="muted">[image not shown: {alt || 'unsafe source'}]</span>;
  },
};

/** Markdown from a server, rendered to React elements: raw HTML is dropped, URLs are filtered. */
export default function MarkdownView({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown skipHtml urlTransform={urlTransform} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
