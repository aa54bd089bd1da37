/** What a desktop app (a feature module) tells the console about itself. */
import type { ComponentType } from 'react';
import type { AppKey } from '@edge/protocol';
import type { LazyPage } from '../components/chunks/lazyPage.ts';
import type { TKey } from '../i18n/keys.ts';

export interface ModuleChild {
  /**
   * A node of the app's permission subtree (e.g. 'Account') needs that node enabled; any other key
   * (e.g. 'Language') is visible whenever the app is.
   */
  key: string;
  /** Path segment under /desk/<module route>/. */
  route: string;
  titleKey: TKey;
}

export interface AppModule {
  key: AppKey;
  /** Path segment under /desk/. */
  route: string;
  icon: ComponentType;
  /** Tile colour on the desktop. */
  color: string;
  titleKey: TKey;
  children?: ModuleChild[];
  /** The module's screen, loaded on first use; it routes its own children. */
  element: LazyPage;
  /** Shown in the sidebar under the address list while the app is open (SPEC 2: the Schedule panel). */
  panel?: LazyPage;
}

export const defineModule = (module: AppModule): AppModule => module;
