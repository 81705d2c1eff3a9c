import { collection, put, putBuilt } from './collection';

const ROWS = collection<{ id: number; name: string }>('rows');

describe('a put intent', () => {
  it('holds a copy of the row, so the projection may go on changing its own', () => {
    const row = { id: 1, name: 'a' };
    const intent = put(ROWS, row);
    row.name = 'b';
    expect(intent).toEqual({ op: 'put', collection: 'rows', doc: { id: 1, name: 'a' } });
  });

  it('built: takes over the row the projection has just built, without a copy', () => {
    const row = { id: 1, name: 'a' };
    const intent = putBuilt(ROWS, row);
    expect(intent.op === 'put' && intent.doc).toBe(row);
  });
});
