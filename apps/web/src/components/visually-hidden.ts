/**
 * Read out, not shown: the usual clip pattern, as MUI's `visuallyHidden`. Sizes are strings on
 * purpose: in `sx` a bare `1` is 100%, which made a hidden label as wide as its table and the page
 * scroll sideways at 390 px (docs/decisions/0621).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
