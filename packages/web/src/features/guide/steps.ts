/**
 * The tour's steps (SPEC 2: three sections, Provision, Create Link, Next/Previous steps), each over a real
 * element of the desktop found by its test hook; a step whose element is not there (an app the user may
 * not open) is shown in the middle of the screen.
 */
import type { TKey } from '../../i18n/keys.ts';

export interface GuideStep {
  section: 'provision' | 'link' | 'steps';
  title: TKey;
  text: TKey;
  /** data-testid of the element it points at; none: the middle of the screen. */
  target?: string;
}

export const GUIDE_STEPS: readonly GuideStep[] = [
  {
    section: 'provision',
    title: 'guide.steps.desktopTitle',
    text: 'guide.steps.desktop',
    target: 'desk-apps',
  },
  {
    section: 'provision',
    title: 'guide.steps.provisionTitle',
    text: 'guide.steps.provision',
    target: 'app-Provision',
  },
  {
    section: 'provision',
    title: 'guide.steps.agentTitle',
    text: 'guide.steps.agent',
    target: 'app-Provision',
  },
  {
    section: 'provision',
    title: 'guide.steps.inventoryTitle',
    text: 'guide.steps.inventory',
    target: 'app-Inventory',
  },
  { section: 'link', title: 'guide.steps.groupTitle', text: 'guide.steps.group', target: 'app-Inventory' },
  { section: 'link', title: 'guide.steps.linkTitle', text: 'guide.steps.link', target: 'app-Inventory' },
  { section: 'link', title: 'guide.steps.checkTitle', text: 'guide.steps.check', target: 'app-Diagnose' },
  { section: 'steps', title: 'guide.steps.movingTitle', text: 'guide.steps.moving' },
  { section: 'steps', title: 'guide.steps.helpTitle', text: 'guide.steps.helpMenu', target: 'help-menu' },
];

export const SECTION_TITLE: Record<GuideStep['section'], TKey> = {
  provision: 'guide.sections.provision',
  link: 'guide.sections.link',
  steps: 'guide.sections.steps',
};
