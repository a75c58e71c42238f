/**
 * The help tutorials (spec 002 §2.10) both /m-help and /c-help show: one list and one player.
 */
export { HelpTutorials } from './help-tutorials.js';
export { HelpVideoPlayer, type HelpVideoPlayerProps } from './help-video-player.js';
export { getHelpVideos, helpVideoUrl, helpCaptionsUrl } from './help-videos-api.js';
