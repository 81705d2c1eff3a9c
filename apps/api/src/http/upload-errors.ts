/** Why a multipart request was refused, in words users understand; anything else is the spec's "Error during upload.". */
export function uploadErrorMessage(code: string | undefined, maxBytes: number, maxFiles: number, field = maxFiles === 1 ? 'file' : 'files'): string {
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return `The file is larger than ${Math.round(maxBytes / 1048576)} MB.`;
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_PART_COUNT':
      return maxFiles === 1 ? 'Send one file at a time.' : `At most ${maxFiles} files can be uploaded at once.`;
    case 'LIMIT_UNEXPECTED_FILE':
      return maxFiles === 1 ? `Send the file in the form field '${field}'.` : `Files must be sent in the form field '${field}'.`;
    default:
      return 'Error during upload.';
  }
}
