/** For table columns that give way on narrow screens. */
export const hideBelow = (breakpoint: 'sm' | 'md') => ({
  display: { xs: 'none', [breakpoint]: 'table-cell' },
});

/** Read by screen readers, not shown. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
