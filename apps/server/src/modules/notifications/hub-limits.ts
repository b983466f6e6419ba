// The live channel's timings, close codes and frame limits, shared by the hub's parts.

export const HEARTBEAT_MS = 30_000;
export const SESSION_CHECK_MS = 60_000;
/** Close codes: 4001 signed out / session over; 1008 (policy violation) for a socket that keeps flooding. */
export const CLOSE_SIGNED_OUT = 4001;
/** The user's groups or locations changed: the browser reconnects (as it does after any close) and is served by what it may see now. */
export const CLOSE_ACCESS_CHANGED = 4002;
export const CLOSE_FLOODING = 1008;

/**
 * Frame limits (decision 0010). The panel sends a ping every 30 s and one frame per click or
 * scrolled page, so a burst of 20 with 10 per second refilled is never reached by a person; a
 * script gets at most that, then an error frame per refused frame. One account's sockets
 * together share a wider bucket, so opening more tabs does not multiply what it may ask for.
 */
export const SOCKET_BURST = 20;
export const SOCKET_PER_SECOND = 10;
export const USER_BURST = 40;
export const USER_PER_SECOND = 20;
/** Frames waiting behind the one being handled; more are refused rather than queued without end. */
export const MAX_QUEUED_FRAMES = 8;
/** This many refused frames within the window close the socket with 1008. */
export const MAX_REFUSALS = 30;
export const REFUSAL_WINDOW_MS = 10_000;
/** After a 1008 close the account may not open a socket on this instance for this long. */
export const FLOOD_COOL_DOWN_MS = 10_000;
/** A flooder that does not answer the close frame is cut off after this long. */
export const CLOSE_GRACE_MS = 1_000;
/** `fetch_older_notifications` pages no deeper than this (OFFSET costs a scan of what it skips). */
export const MAX_OLDER_OFFSET = 10_000;
export const SLOW_DOWN = 'Too many messages. Please slow down.';
