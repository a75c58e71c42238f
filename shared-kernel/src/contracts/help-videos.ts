/**
 * The help tutorials (spec 002 §2.10). No yup here: the kernel's root entry (HelpTutorials)
 * imports this file, and the root brings no yup.
 */

/** The eight tutorials (spec 002 §2.10), in menu order; files VIDEO_DIR/<key>.mp4|.webm(+.vtt). */
export const HELP_VIDEO_KEYS = ['first-steps', 'lead-management', 'conclusion', 'student-data', 'ir-cnc', 'update-1', 'network', 'microsite'] as const;
export type HelpVideoKey = (typeof HELP_VIDEO_KEYS)[number];

/** GET /api-base/videos: which tutorials this server has. */
export interface HelpVideoInfo {
  k: HelpVideoKey;
  installed: boolean;
  /** Captions (WebVTT) exist. */
  captions: boolean;
  /** Content type of the video file. */
  type: string | null;
}
