import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { PackageRerun, RerunFile } from '../../domain/exchange/exchange-admin';
import type { CatalogueImporter } from '../../domain/exchange/ports';
import { DomainError } from '../../domain/errors';
import { CommerceMlError, parseCatalogue } from './commerceml/parse-catalogue';
import { ExchangeFileError, sessionFolder } from './files';

/**
 * The back office's «Загрузить последний пакет ещё раз»: the files of a package's folder (`DATA_DIR/exchange/<key>/`)
 * through the importer again, as a new session, each step after step until the file is done — what 1C does by
 * repeating `mode=import` while the answer is `progress`.
 */
export function packageRerun(deps: { dataDir: string; importer: CatalogueImporter }): PackageRerun {
  const root = path.join(deps.dataDir, 'exchange');
  const available = async (from: { sessionKey: string }) =>
    (await stat(sessionFolder(root, from.sessionKey).dir).catch(() => null))?.isDirectory() === true;
  return {
    available,
    async rerun(from, as) {
      const folder = sessionFolder(root, from.sessionKey);
      if (!(await available(from))) return null;
      const done: RerunFile[] = [];
      for (const fileName of from.files) {
        try {
          // A file gone is said so before the importer opens a log row for it.
          const file = await stat(folder.inside(fileName)).catch(() => null);
          if (!file?.isFile()) throw new ExchangeFileError('файла нет в папке пакета на сервере.');
          let position = -1;
          for (;;) {
            const step = await deps.importer.importFile({
              sessionKey: as.sessionKey,
              staffId: as.staffId,
              type: 'rerun',
              fileName,
              records: async function* () {
                yield* parseCatalogue(await folder.open(fileName));
              },
              packageFile: (relative) => folder.read(relative),
            });
            if (step.status === 'success') break;
            // A step that wrote nothing would repeat for ever.
            if (step.position <= position) throw new ExchangeFileError('импорт не продвигается.');
            position = step.position;
          }
          done.push({ fileName, status: 'success' });
        } catch (error) {
          if (!(error instanceof ExchangeFileError || error instanceof CommerceMlError || error instanceof DomainError))
            throw error;
          done.push({ fileName, status: 'failure', message: error.message });
          break;
        }
      }
      // The whole package again: a full one hides what it does not mention, as 1C's `deactivate` would.
      if (done.every((f) => f.status === 'success')) await deps.importer.finishPackage(as.sessionKey);
      return done;
    },
  };
}
