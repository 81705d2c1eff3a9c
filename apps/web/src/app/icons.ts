import { Icons } from '@blueprintjs/icons';
import type { IconName, IconPaths } from '@blueprintjs/icons';
import p16BankAccount from '@blueprintjs/icons/lib/esm/generated/16px/paths/bank-account';
import p16Cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import p16CreditCard from '@blueprintjs/icons/lib/esm/generated/16px/paths/credit-card';
import p16Dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import p16Document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import p16Edit from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import p16Error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import p16Euro from '@blueprintjs/icons/lib/esm/generated/16px/paths/euro';
import p16EyeOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import p16Filter from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter';
import p16Home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import p16InfoSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import p16LogOut from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import p16Manual from '@blueprintjs/icons/lib/esm/generated/16px/paths/manual';
import p16Menu from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import p16Office from '@blueprintjs/icons/lib/esm/generated/16px/paths/office';
import p16People from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import p16Print from '@blueprintjs/icons/lib/esm/generated/16px/paths/print';
import p16Refresh from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import p16Search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import p16ThList from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list';
import p16TickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import p16Time from '@blueprintjs/icons/lib/esm/generated/16px/paths/time';
import p16TimelineBarChart from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-bar-chart';
import p16User from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import p16WarningSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';
import p20Error from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import p20Office from '@blueprintjs/icons/lib/esm/generated/20px/paths/office';
import p20Search from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import p20InfoSign from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import p20WarningSign from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';

/**
 * The shell's icons are bundled (a few hundred bytes each) instead of Blueprint's default loader, which
 * fetches the paths of all 2000+ icons (about 100 KB gzip per size) on first use. Any other icon still
 * loads lazily through the full set. Blueprint's own component icons (close, caret, tick) are static.
 * An icon passed by name in the shell belongs in these lists.
 */
const SMALL = new Map<string, IconPaths>([
  ['bank-account', p16BankAccount],
  ['cog', p16Cog],
  ['credit-card', p16CreditCard],
  ['dashboard', p16Dashboard],
  ['document', p16Document],
  ['edit', p16Edit],
  ['error', p16Error],
  ['euro', p16Euro],
  ['eye-open', p16EyeOpen],
  ['filter', p16Filter],
  ['home', p16Home],
  ['info-sign', p16InfoSign],
  ['log-out', p16LogOut],
  ['manual', p16Manual],
  ['menu', p16Menu],
  ['office', p16Office],
  ['people', p16People],
  ['print', p16Print],
  ['refresh', p16Refresh],
  ['search', p16Search],
  ['th-list', p16ThList],
  ['tick-circle', p16TickCircle],
  ['time', p16Time],
  ['timeline-bar-chart', p16TimelineBarChart],
  ['user', p16User],
  ['warning-sign', p16WarningSign],
]);
const LARGE = new Map<string, IconPaths>([
  ['error', p20Error],
  ['office', p20Office],
  ['search', p20Search],
  ['info-sign', p20InfoSign],
  ['warning-sign', p20WarningSign],
]);

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase());

export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size: number) => {
      const bundled = (size < 20 ? SMALL : LARGE).get(name);
      if (bundled) return bundled;
      const all = (size < 20
        ? await import('@blueprintjs/icons/lib/esm/generated/16px/paths')
        : await import('@blueprintjs/icons/lib/esm/generated/20px/paths')) as unknown as Record<string, IconPaths>;
      return all[pascal(name)];
    },
  });
}
