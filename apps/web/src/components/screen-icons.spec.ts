import { Icons } from '@blueprintjs/icons';

describe("the screens' icon chunk", () => {
  it('puts the icons the documents tab, the invoice screen and the PDF viewer draw by name into the icon cache as it loads, without the full sets', async () => {
    expect(Icons.getPaths('export', 16)).toBeUndefined();
    await import('./screen-icons');
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const name of ['export', 'tick', 'undo', 'floppy-disk', 'zoom-in', 'help', 'search-text', 'trash', 'upload'] as const)
      expect(Icons.getPaths(name, 16)?.length).toBeGreaterThan(0);
    for (const name of ['document', 'inbox', 'folder-open'] as const) expect(Icons.getPaths(name, 20)?.length).toBeGreaterThan(0);
    expect(Icons.getPaths('airplane', 16)).toBeUndefined();
  });
});
