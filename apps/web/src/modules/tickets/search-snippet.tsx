import type { TicketSearchMatch } from '@balcao/shared';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A search hit's text with the matched words marked (<mark>): React text only, never HTML. */
export function SearchSnippet({ match }: { match: Pick<TicketSearchMatch, 'snippet' | 'highlights'> }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const { start, end } of match.highlights) {
    if (start < last) continue;
    if (start > last) parts.push(match.snippet.slice(last, start));
    parts.push(
      <Box
        component="mark"
        key={start}
        sx={{ bgcolor: 'warning.light', color: 'text.primary', borderRadius: 0.5, px: 0.25 }}
      >
        {match.snippet.slice(start, end)}
      </Box>,
    );
    last = end;
  }
  parts.push(match.snippet.slice(last));
  return <>{parts}</>;
}
