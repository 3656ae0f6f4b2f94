import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { formatarPercentual } from '../common/eleicao.ts';
import { carregarConfig } from '../server/config.ts';
import { pdfResultado } from '../server/modulos/eleicao/pdf.ts';
import { listarEleicoes } from '../server/modulos/eleicao/repositorio.ts';
import { apurarEleicao, encerrarEleicao, prepararUrna } from '../server/modulos/eleicao/servico.ts';
import { abrirBancoMigrado } from '../server/plataforma/banco/abrir.ts';
import { ErroApp } from '../server/plataforma/http/erro-app.ts';

/**
 * The election commands of OGMO staff (docs/decisions/0062-eleicao-apuracao.md), on the configured
 * database (DATABASE_URL / DATA_DIR, like the server):
 *   npm run eleicao:listar
 *   npm run eleicao:chave -- <id>          sets up the sealed box; prints the commission's code once
 *   npm run eleicao:encerrar -- <id>       asks for that code (or reads CHAVE_APURACAO) and tallies
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

/** The commission's code: from CHAVE_APURACAO (scripts), else typed at the prompt. */
async function chaveApuracao(): Promise<string> {
  const doAmbiente = process.env.CHAVE_APURACAO?.trim();
  if (doAmbiente) return doAmbiente;
  const leitor = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await leitor.question('Chave da apuração (entregue à comissão eleitoral): ');
  } finally {
    leitor.close();
  }
}

try {
  switch (comando) {
    case 'chave': {
      const urna = await prepararUrna(banco.db, idInformado());
      console.log('Urna lacrada. Entregue esta chave da apuração à comissão eleitoral:');
      console.log(`\n    ${urna.chaveApuracao}\n`);
      console.log(
        'Ela não fica guardada em lugar nenhum: sem ela a eleição não é apurada. Os votos só são aceitos a partir de agora.',
      );
      break;
    }
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
      const id = idInformado();
      const eleicao = await encerrarEleicao(banco.db, id, new Date(), await chaveApuracao());
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
      console.error(
        'Uso: node scripts/eleicao.ts listar | chave <id> | encerrar <id> | resultado <id> [arquivo.pdf]',
      );
      process.exitCode = 2;
  }
} catch (erro) {
  if (!(erro instanceof ErroApp)) throw erro;
  console.error(erro.message);
  process.exitCode = 1;
} finally {
  await banco.fechar();
}
