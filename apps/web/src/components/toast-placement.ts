/**
 * Where a toast goes so it covers no control (docs/decisions/0641, 1079): a few places in order of
 * preference, the first that overlaps no button, link, field or page title wins; when every place
 * covers something, the one that covers least. A control counts by the part of it that can be seen.
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
/** How far apart the places along a desk's bottom edge are tried. */
const SCAN_STEP = 40;

const boxOf = (el: Element): Box => {
  const r = el.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height };
};

/** `box` cut to `clip` (an empty box when they do not meet). */
const intersect = (box: Box, clip: Box): Box => {
  const left = Math.max(box.left, clip.left);
  const top = Math.max(box.top, clip.top);
  const right = Math.min(box.left + box.width, clip.left + clip.width);
  const bottom = Math.min(box.top + box.height, clip.top + clip.height);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
};

/**
 * What can be seen of a control: its box cut by every ancestor that clips what overflows it (a
 * board scrolled sideways, a list scrolled down). The part scrolled out of sight is not under the
 * toast in any way a person could see or click. `clips` keeps each ancestor's answer for one
 * placement (the floor board's bookings share their ancestors).
 */
const visibleBoxOf = (el: Element, clips: Map<Element, Box | null>): Box => {
  let box = boxOf(el);
  for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    let clip = clips.get(parent);
    if (clip === undefined) {
      const { overflow, overflowX, overflowY } = getComputedStyle(parent);
      // The shorthand too: not every engine (jsdom) spells it out into the two axes.
      clip = [overflow, overflowX, overflowY].some((v) => v && v !== 'visible') ? boxOf(parent) : null;
      clips.set(parent, clip);
    }
    if (clip) box = intersect(box, clip);
  }
  return box;
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
  const clips = new Map<Element, Box | null>();
  const obstacles = [...scope.querySelectorAll(CONTROLS)]
    .filter((el) => !toast?.contains(el))
    .map((el) => visibleBoxOf(el, clips))
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
  const bottom = vh - DESK_MARGIN - h;
  const first = mainLeft + DESK_MARGIN;
  const last = vw - DESK_MARGIN - w;
  // Then along the bottom edge between the two corners, a step at a time: on a full board the
  // corners can both hold a control while a gap between two columns' bookings is free.
  const along: Placement[] = [];
  for (let left = first + SCAN_STEP; left < last; left += SCAN_STEP) along.push(at(bottom, left));
  return {
    candidates: [at(bottom, first), at(bottom, last), at(DESK_MARGIN, last), ...along],
    obstacles,
  };
};
