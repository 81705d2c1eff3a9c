import { changedValues } from './changed-values';

describe('changed values', () => {
  it('keeps only the entries an edit really changes, a cleared one included', () => {
    const current = { name: 'Kanzlei Huber', ntcsId: 12, webekuUser: 'huber' as string | null };
    expect(changedValues(current, { name: 'Kanzlei Huber', ntcsId: 13, webekuUser: null })).toEqual({ ntcsId: 13, webekuUser: null });
    expect(changedValues(current, { name: 'Kanzlei Huber' })).toEqual({});
  });
});
