import { writeFileSync } from 'node:fs';
import { formatarPercentual } from '../common/eleicao.ts';
import { carregarConfig } from '../server/config.ts';
import { abrirBancoMigrado } from '../server/db/abrir.ts';
import { listarEleicoes } from '../server/db/repositorios/eleicoes.ts';
import { ErroApp } from '../server/http/erro-app.ts';
import { pdfResultado } from '../server/pdf/eleicao.ts';
import { apurarEleicao, encerrarEleicao } from '../server/services/eleicao.ts';

/**
 * The election commands of OGMO staff (docs/decisions/0062-eleicao-apuracao.md), on the configured
 * database (DATABASE_URL / DATA_DIR, like the server):
 *   npm run eleicao:listar
 *   npm run eleicao:encerrar -- <id>
 *   npm run eleicao:resultado -- <id> [arquivo.pdf]
 */
const [comando, idTexto, arquivo] = process.argv.slice(2);
const config = carregarConfig();
const banco = await abrirBancoMigrado(config);

function idInformado(): number {
  const id = Number(idTexto);
  if (!Number.isInteger(id) || id <= 0) {
    console.error(`Informe o número da eleição: npm run eleicao:${comando} -- <id>`);
    process.exit(2);
  }
  return id;
}

try {
  switch (comando) {
    case 'listar': {
      const eleicoes = await listarEleicoes(banco.db);
      if (eleicoes.length === 0) console.log('Nenhuma eleição cadastrada.');
      for (const e of eleicoes) {
        console.log(
          `${String(e.id).padStart(4)}  ${e.situacao.padEnd(9)}  ${String(e.votantes).padStart(5)} votante(s)  ${e.descricao ?? ''}`,
        );
      }
      break;
    }
    case 'encerrar': {
      const eleicao = await encerrarEleicao(banco.db, idInformado(), new Date());
      console.log(
        `Eleição ${eleicao.$id} encerrada em ${eleicao.encerramento}. O resultado já pode ser emitido.`,
      );
      break;
    }
    case 'resultado': {
      const r = await apurarEleicao(banco.db, idInformado(), new Date());
      for (const c of r.candidatos) console.log(`${String(c.votos).padStart(6)}  ${c.nomeExibicao}`);
      console.log(`${String(r.brancos).padStart(6)}  Votos em branco`);
      console.log(`${String(r.nulos).padStart(6)}  Votos nulos`);
      console.log(
        `Cédulas: ${r.cedulas} · votantes: ${r.votantes} de ${r.eleitores} (${formatarPercentual(r.comparecimento)})`,
      );
      if (arquivo) {
        writeFileSync(arquivo, await pdfResultado(config, r));
        console.log(`PDF gravado em ${arquivo}`);
      }
      break;
    }
    default:
      console.error('Uso: node scripts/eleicao.ts listar | encerrar <id> | resultado <id> [arquivo.pdf]');
      process.exitCode = 2;
  }
} catch (erro) {
  if (!(erro instanceof ErroApp)) throw erro;
  console.error(erro.message);
  process.exitCode = 1;
} finally {
  await banco.fechar();
}
