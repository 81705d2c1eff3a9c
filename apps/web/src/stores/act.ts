import { action } from 'mobx';

/** A named `runInAction`, so MobX traces read well (MobX 6's runInAction takes no name). */
export function act<T>(name: string, fn: () => T): T {
  return action(name, fn)();
}
