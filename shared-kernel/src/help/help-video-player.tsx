import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpVideoInfo } from '../contracts/help-videos.js';
import { ERROR, errorKey } from '../contracts/errors.js';
import { helpCaptionsUrl, helpVideoUrl } from './help-videos-api.js';
import styles from './help.module.css';

/** Props of {@link HelpVideoPlayer}. */
export interface HelpVideoPlayerProps {
  video: HelpVideoInfo;
  /** id of the element naming the video (the tutorial's heading). */
  labelledBy: string;
}

/**
 * One help tutorial in the browser's own player (<video controls>: keyboard and screen-reader
 * support come with it), with its captions as a <track> when the server has them. A video the
 * server does not have (or that fails to load) shows the "not installed" notice (error 33).
 */
export function HelpVideoPlayer({ video, labelledBy }: HelpVideoPlayerProps) {
  const { t } = useTranslation('common');
  const [failed, setFailed] = useState(false);
  if (!video.installed || failed) {
    return (
      <p role="status" className={styles.notice}>
        {t(errorKey(ERROR.videoNotInstalled))}
      </p>
    );
  }
  return (
    <video
      className={styles.video}
      controls
      preload="metadata"
      aria-labelledby={labelledBy}
      onError={() => setFailed(true)}
    >
      <source src={helpVideoUrl(video.k)} type={video.type ?? undefined} onError={() => setFailed(true)} />
      {video.captions && (
        // The tutorials are spoken in German; their captions are on from the start.
        <track kind="captions" src={helpCaptionsUrl(video.k)} srcLang="de" label={t('help.captions')} default />
      )}
    </video>
  );
}
