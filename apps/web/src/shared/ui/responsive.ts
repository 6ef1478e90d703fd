/** For table columns that give way on narrow screens. */
export const hideBelow = (breakpoint: 'sm' | 'md' | 'xl') => ({
  display: { xs: 'none', [breakpoint]: 'table-cell' },
});

/** Read by screen readers, not shown. */
export const visuallyHidden = {
  position: 'absolute',
  // In sx a size of 1 reads as 100%: pixels are spelled out.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A table's last column (each row's actions) stays at the right edge while the rest scrolls sideways
 * under it, so a narrow screen never hides the buttons. Its row cells take the paper's colour to cover
 * what passes beneath (the header has its own); a cell spanning the row (an empty list's message) stays put.
 */
export const pinnedActions = {
  '& tr > th:last-of-type': { position: 'sticky', right: 0 },
  '& tr > td:last-of-type:not([colspan])': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
  },
} as const;
