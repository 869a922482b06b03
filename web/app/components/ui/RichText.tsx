// Renders the catalog's simple text format: paragraphs separated by a blank line, '## ' headings,
// '- ' list items, and links to the shop's own pages written `[text](/path)` (a path on this site
// only: anything else stays text). Plain text only, never HTML, so content cannot inject markup.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const LOCAL_LINK = /\[([^\]\n]+)\]\((\/(?!\/)[A-Za-z0-9\-._~/%]*)\)/g;

/** A block's text with its local links as links. */
function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LOCAL_LINK)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <Link key={match.index} to={match[2]}>
        {match[1]}
      </Link>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

export function RichText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/).map((block) => block.trim()).filter(Boolean);
  return (
    <div className="rich-text">
      {blocks.map((block, index) => {
        if (block.startsWith('## ')) return <h2 key={index}>{block.slice(3)}</h2>;
        if (block.startsWith('### ')) return <h3 key={index}>{block.slice(4)}</h3>;
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <ul key={index}>
              {lines.map((line, i) => (
                <li key={i}>{inline(line.slice(2))}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{inline(block)}</p>;
      })}
    </div>
  );
}
