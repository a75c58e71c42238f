import { addNamespace } from 'shared-kernel';
import { NS } from '../../i18n.js';

// The online-contracts frame's texts, merged into the management namespace beside the feature.
export { NS };

addNamespace(NS, {
  de: {
    conclusion_frame: {
      title: 'Neuer Vertragsabschluss',
      frame_title: 'Online-Vertragsabschluss',
    },
  },
  en: {
    conclusion_frame: {
      title: 'New conclusion',
      frame_title: 'Online conclusion',
    },
  },
});
