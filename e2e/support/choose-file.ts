// Chooses a file through the file picker a button opens, as a seller does with the mouse.
//
// Chromium opens a picker only within 5 s of the press that started the click (transient user
// activation, taken at mousedown). Playwright sends mousedown and mouseup as two round trips, and
// on a starved machine (six browser-test files on two cores) the gap between them has exceeded
// that: Chromium then logs NO_ACTIVATION and opens nothing. Only then is the click repeated; a
// button that fails to open the picker for any other reason still fails the test.
import type { FileChooser, Locator, Page } from 'playwright-core';

const NO_ACTIVATION = 'File chooser dialog can only be shown with a user activation.';
const ATTEMPTS = 3;
const TIMEOUT_MS = 30_000;

export async function chooseFile(
  page: Page,
  button: Locator,
  files: Parameters<FileChooser['setFiles']>[0],
): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const opened = page
      .waitForEvent('filechooser', { timeout: TIMEOUT_MS })
      .catch(() => 'not opened' as const);
    const refused = page
      .waitForEvent('console', {
        predicate: (message) => message.text() === NO_ACTIVATION,
        timeout: TIMEOUT_MS,
      })
      .then(
        () => 'activation expired' as const,
        () => 'not opened' as const,
      );
    const [outcome] = await Promise.all([Promise.race([opened, refused]), button.click()]);
    if (typeof outcome !== 'string') {
      await outcome.setFiles(files);
      return;
    }
    if (outcome === 'not opened') break;
  }
  throw new Error(`The file picker did not open after clicking ${String(button)}`);
}
