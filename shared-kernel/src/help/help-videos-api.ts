import type { HelpVideoInfo, HelpVideoKey } from '../contracts/help-videos.js';
import { http } from '../http/index.js';

/** GET /api-base/videos: the eight tutorials and which of them this server has. */
export function getHelpVideos(signal?: AbortSignal): Promise<HelpVideoInfo[]> {
  return http.get('api-base/videos', { signal }).json<HelpVideoInfo[]>();
}

/** Address of a tutorial's video (the <video> element streams it with range requests). */
export function helpVideoUrl(key: HelpVideoKey): string {
  return `/api-base/video?k=${encodeURIComponent(key)}`;
}

/** Address of a tutorial's WebVTT captions. */
export function helpCaptionsUrl(key: HelpVideoKey): string {
  return `/api-base/video-captions?k=${encodeURIComponent(key)}`;
}
