import { attachmentDownloadHeaders, attachmentFileName } from './attachment-download';

describe('the download of a file an e-invoice embeds', () => {
  it('is always a download under the stated name, with an allowed MIME code as its type', () => {
    const headers = attachmentDownloadHeaders({ filename: 'Stunden März.pdf', mime: 'application/pdf', size: 42 }, 1);
    expect(headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'Content-Disposition': "attachment; filename*=UTF-8''Stunden%20M%C3%A4rz.pdf",
      'Content-Length': '42',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(headers['Content-Security-Policy']).toContain('sandbox');
  });

  it.each(['text/html', 'image/svg+xml', 'application/javascript', 'text/xml', undefined])('sends a stated type %s as bytes, never as a page', (mime) => {
    expect(attachmentDownloadHeaders({ filename: 'x.html', mime, size: 1 }, 2)['Content-Type']).toBe('application/octet-stream');
  });

  it('drops folders, control characters and leading dots from the name, and names a nameless file by its number', () => {
    expect(attachmentFileName('../../etc/passwd', 1)).toBe('passwd');
    expect(attachmentFileName('C:\\Temp\\a"b\r\n.csv', 1)).toBe('ab.csv');
    expect(attachmentFileName('.htaccess', 3)).toBe('htaccess');
    expect(attachmentFileName(undefined, 3)).toBe('attachment-3');
    expect(attachmentFileName('...', 4)).toBe('attachment-4');
  });
});
