/**
 * Where a toast goes so it covers no control (docs/decisions/0641): a few places in order of
 * preference, the first that overlaps no button, link, field or page title wins; when every place
 * covers something, the one that covers least.
 */

export type Box = { top: number; left: number; width: number; height: number };
/** Where the toast's box starts and how wide it is (its height is its own). */
export type Placement = { top: number; left: number; width: number };

const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/** The first place whose box meets no obstacle, else the one meeting the fewest; undefined for none. */
export const choosePlacement = (
  candidates: readonly Placement[],
  height: number,
  obstacles: readonly Box[],
): Placement | undefined => {
  let best: Placement | undefined;
  let fewest = Infinity;
  for (const place of candidates) {
    const box = { ...place, height };
    const count = obstacles.filter((o) => overlaps(box, o)).length;
    if (count === 0) return place;
    if (count < fewest) [best, fewest] = [place, count];
  }
  return best;
};

/** What a toast must not cover: the controls a person uses next and the screen's title. */
const CONTROLS =
  'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"], h1, .MuiDialogTitle-root, .MuiDialogActions-root';
/** Below this width the panel is a phone's: a bottom bar, full-screen dialogs. */
const PHONE = 600;
const DESK_MARGIN = 24;
const PHONE_MARGIN = 8;

const boxOf = (el: Element): Box => {
  const r = el.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height };
};

/**
 * The places to try for a toast of this size in the page as it is now, and what is in their way.
 * With a dialog open only the topmost dialog counts (the page behind it is out of reach); a
 * full-screen dialog (a phone's) keeps its title bar and its actions clear (decision 0621).
 */
export const toastPlaces = (
  size: { width: number; height: number },
  toast: Element | null,
): { candidates: Placement[]; obstacles: Box[] } => {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const papers = [...document.querySelectorAll('.MuiDialog-root:not([aria-hidden="true"]) .MuiDialog-paper')];
  const dialog = papers[papers.length - 1];
  const scope: ParentNode = dialog ?? document;
  const obstacles = [...scope.querySelectorAll(CONTROLS)]
    .filter((el) => !toast?.contains(el))
    .map(boxOf)
    .filter((b) => b.width > 0 && b.height > 0 && b.top < vh && b.top + b.height > 0);
  const h = size.height;

  if (vw < PHONE) {
    const width = vw - 2 * PHONE_MARGIN;
    const at = (top: number) => ({ top: Math.round(top), left: PHONE_MARGIN, width });
    const title = dialog?.querySelector('.MuiDialogTitle-root');
    if (dialog && title) {
      const actions = dialog.querySelector('.MuiDialogActions-root');
      const floor = actions ? actions.getBoundingClientRect().top : vh;
      return {
        candidates: [at(floor - PHONE_MARGIN - h), at(title.getBoundingClientRect().bottom + PHONE_MARGIN)],
        obstacles,
      };
    }
    const bar = document.querySelector('.MuiBottomNavigation-root');
    const header = document.querySelector('header.MuiAppBar-root');
    const bottom = bar ? bar.getBoundingClientRect().top : vh;
    // The slim header holds only the company's name: a toast over it covers no control.
    const top = header ? Math.max(4, (header.getBoundingClientRect().bottom - h) / 2) : PHONE_MARGIN;
    return { candidates: [at(bottom - PHONE_MARGIN - h), at(top)], obstacles };
  }

  const w = Math.min(size.width, vw - 2 * DESK_MARGIN);
  const at = (top: number, left: number) => ({ top: Math.round(top), left: Math.round(left), width: w });
  if (dialog) {
    const paper = dialog.getBoundingClientRect();
    const centre = paper.left + paper.width / 2 - w / 2;
    const title = dialog.querySelector('.MuiDialogTitle-root');
    const belowTitle = title ? title.getBoundingClientRect().bottom + PHONE_MARGIN : paper.top + PHONE_MARGIN;
    return {
      candidates: [at(vh - DESK_MARGIN - h, centre), at(DESK_MARGIN, centre), at(belowTitle, centre)],
      obstacles: [...obstacles, ...(title ? [boxOf(title)] : [])],
    };
  }
  const main = document.querySelector('main');
  const mainLeft = main ? main.getBoundingClientRect().left : 0;
  return {
    candidates: [
      at(vh - DESK_MARGIN - h, mainLeft + DESK_MARGIN),
      at(vh - DESK_MARGIN - h, vw - DESK_MARGIN - w),
      at(DESK_MARGIN, vw - DESK_MARGIN - w),
    ],
    obstacles,
  };
};
