import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_VIDEO_KEYS, type HelpVideoInfo, type HelpVideoKey } from '../contracts/help-videos.js';
import { useRequest } from '../http/index.js';
import { ErrorPanel } from '../ui/error-panel.js';
import { Spinner } from '../ui/spinner.js';
import { HelpVideoPlayer } from './help-video-player.js';
import { getHelpVideos } from './help-videos-api.js';
import styles from './help.module.css';

/**
 * The eight video tutorials of /m-help and /c-help (spec 002 §2.10): a labelled list of the
 * tutorials (buttons, so Tab and Enter work) and the chosen one's title, description and
 * player. Lives in the kernel's root entry, which brings no router: the choice is local state.
 */
export function HelpTutorials({ initial = HELP_VIDEO_KEYS[0] }: { initial?: HelpVideoKey }) {
  const { t } = useTranslation('common');
  const listId = useId();
  const titleId = useId();
  const [chosen, choose] = useState<HelpVideoKey>(initial);
  const { state, data, reload } = useRequest((signal) => getHelpVideos(signal), []);
  const info: HelpVideoInfo | undefined = data?.find((video) => video.k === chosen);

  return (
    <div className={styles.layout}>
      <nav aria-labelledby={listId} className={styles.list}>
        <h2 id={listId} className={styles.listTitle}>
          {t('help.tutorials')}
        </h2>
        <ul>
          {HELP_VIDEO_KEYS.map((key) => (
            <li key={key}>
              <button
                type="button"
                className={styles.item}
                aria-current={key === chosen ? 'true' : undefined}
                onClick={() => choose(key)}
              >
                {t(`help.video.${key}.title`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby={titleId} className={styles.stage}>
        <h2 id={titleId} className={styles.videoTitle}>
          {t(`help.video.${chosen}.title`)}
        </h2>
        <p>{t(`help.video.${chosen}.description`)}</p>
        {state > 0 && <ErrorPanel code={state} onRetry={reload} headingLevel={3} />}
        {state === -1 && !data && <Spinner showLabel />}
        {/* key: another tutorial starts a fresh player (and a fresh "failed" state). */}
        {info && <HelpVideoPlayer key={info.k} video={info} labelledBy={titleId} />}
      </section>
    </div>
  );
}
