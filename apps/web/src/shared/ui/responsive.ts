/** For table columns that give way on narrow screens. */
export const hideBelow = (breakpoint: 'sm' | 'md') => ({
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
