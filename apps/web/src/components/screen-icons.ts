import { Icons } from '@blueprintjs/icons';
import type { IconName, IconPaths } from '@blueprintjs/icons';
import p16Barcode from '@blueprintjs/icons/lib/esm/generated/16px/paths/barcode';
import p16Book from '@blueprintjs/icons/lib/esm/generated/16px/paths/book';
import p16ChevronDown from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down';
import p16ChevronUp from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up';
import p16Cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import p16Download from '@blueprintjs/icons/lib/esm/generated/16px/paths/download';
import p16Export from '@blueprintjs/icons/lib/esm/generated/16px/paths/export';
import p16FilterRemove from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter-remove';
import p16FloppyDisk from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk';
import p16FolderOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-open';
import p16Help from '@blueprintjs/icons/lib/esm/generated/16px/paths/help';
import p16Inbox from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox';
import p16Issue from '@blueprintjs/icons/lib/esm/generated/16px/paths/issue';
import p16Lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import p16NewPerson from '@blueprintjs/icons/lib/esm/generated/16px/paths/new-person';
import p16SearchText from '@blueprintjs/icons/lib/esm/generated/16px/paths/search-text';
import p16Tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import p16Trash from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import p16Undo from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo';
import p16Updated from '@blueprintjs/icons/lib/esm/generated/16px/paths/updated';
import p16Upload from '@blueprintjs/icons/lib/esm/generated/16px/paths/upload';
import p16ZoomIn from '@blueprintjs/icons/lib/esm/generated/16px/paths/zoom-in';
import p16ZoomOut from '@blueprintjs/icons/lib/esm/generated/16px/paths/zoom-out';
import p16ZoomToFit from '@blueprintjs/icons/lib/esm/generated/16px/paths/zoom-to-fit';
import p20CloudUpload from '@blueprintjs/icons/lib/esm/generated/20px/paths/cloud-upload';
import p20Document from '@blueprintjs/icons/lib/esm/generated/20px/paths/document';
import p20Export from '@blueprintjs/icons/lib/esm/generated/20px/paths/export';
import p20FolderOpen from '@blueprintjs/icons/lib/esm/generated/20px/paths/folder-open';
import p20Inbox from '@blueprintjs/icons/lib/esm/generated/20px/paths/inbox';
import p20SearchText from '@blueprintjs/icons/lib/esm/generated/20px/paths/search-text';

/**
 * The icons the documents tab, the invoice screen and the PDF viewer draw by name that the shell does not bundle
 * (app/icons.ts), in one chunk of a few KB that those screens import: put into Blueprint's icon cache when it
 * loads, so their first render draws them at once instead of importing the full sets of 16px and 20px paths
 * (about 600 KB of JavaScript to parse while the first rows arrive) through the shell's loader. One module for
 * all of them: a module per screen would split the icons they share into extra chunks, each listed in the
 * initial JavaScript. An icon not listed still loads through the full set.
 */
const SMALL: Partial<Record<IconName, IconPaths>> = {
  barcode: p16Barcode,
  book: p16Book,
  'chevron-down': p16ChevronDown,
  'chevron-up': p16ChevronUp,
  cross: p16Cross,
  download: p16Download,
  export: p16Export,
  'filter-remove': p16FilterRemove,
  'floppy-disk': p16FloppyDisk,
  'folder-open': p16FolderOpen,
  help: p16Help,
  inbox: p16Inbox,
  issue: p16Issue,
  lock: p16Lock,
  'new-person': p16NewPerson,
  'search-text': p16SearchText,
  tick: p16Tick,
  trash: p16Trash,
  undo: p16Undo,
  updated: p16Updated,
  upload: p16Upload,
  'zoom-in': p16ZoomIn,
  'zoom-out': p16ZoomOut,
  'zoom-to-fit': p16ZoomToFit,
};
const LARGE: Partial<Record<IconName, IconPaths>> = {
  'cloud-upload': p20CloudUpload,
  document: p20Document,
  export: p20Export,
  'folder-open': p20FolderOpen,
  inbox: p20Inbox,
  'search-text': p20SearchText,
};

const preload = (paths: Partial<Record<IconName, IconPaths>>, size: 16 | 20) =>
  Icons.load(Object.keys(paths) as IconName[], size, { loader: (name) => Promise.resolve(paths[name] ?? []) });

void preload(SMALL, 16);
void preload(LARGE, 20);
