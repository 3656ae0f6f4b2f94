import { useQuery } from '@tanstack/react-query';
import {
  Anchor,
  CalendarClock,
  Fingerprint,
  KeyRound,
  LogIn,
  MonitorSmartphone,
  UserRound,
} from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DadosLogin } from '#common/api/sessao.ts';
import { SENHA_MAX, TAMANHO_USUARIO } from '#common/dominio.ts';
import { formatarDataIso } from '#common/texto.ts';
import { Alerta } from '../../components/ui/estados.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { entrar, escalaAbertaQuery } from '../../lib/api-sessao.ts';
import { aposLogin } from '../../lib/apos-login.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { limparSessaoLocal } from '../../lib/encerrar.ts';
import { sessao } from '../../lib/sessao.ts';
import { marcarQuiosque } from '../../lib/token.ts';
import { TecladoNumerico } from './teclado-numerico.tsx';
import { type CamposLogin, validarLogin } from './validacao-login.ts';
import './sessao.css';

const VAZIO: CamposLogin = { login: '', password: '' };

type Campo = keyof CamposLogin;
const LIMITE: Record<Campo, number> = { login: TAMANHO_USUARIO, password: SENHA_MAX };

/** After this long without a touch, a half-typed kiosk form is wiped (the next worker must not see it). */
const LIMPAR_TOTEM_MS = 90_000;

function ChamadaAberta() {
  const { data, isPending } = useQuery(escalaAbertaQuery);
  // Until the answer arrives the line keeps its place with an invisible text of the same length, so the
  // card below never moves (Lighthouse measured a CLS of 0.163 when it appeared: docs/decisions/0133).
  if (isPending) {
    return (
      <p className="login-chamada login-chamada-reservada" aria-hidden>
        <CalendarClock size={18} />
        <span>
          Chamada aberta: <strong>Escala nº 0000</strong>, 00/00/0000 às 00:00
        </span>
      </p>
    );
  }
  return (
    <p className="login-chamada">
      <CalendarClock aria-hidden size={18} />
      {data ? (
        <span>
          Chamada aberta: <strong>Escala nº {data.numEscalacao}</strong>
          {','} {formatarDataIso(data.dataChamada)} às {data.horaChamada}
        </span>
      ) : (
        <span>NÃO TEM CHAMADA ABERTA!</span>
      )}
    </p>
  );
}

/**
 * /login and /totem (docs/produto/escalacao.md §2): fields Usuário and Senha, button Confirmar. At the kiosk an
 * on-screen numeric keyboard fills the focused field and the session is a kiosk session.
 */
export function PaginaLogin({ quiosque = false }: { quiosque?: boolean }) {
  const navigate = useNavigate();
  const [entrando, setEntrando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [campoAtivo, setCampoAtivo] = useState<Campo>('login');
  const refs = useRef<Record<Campo, HTMLInputElement | null>>({ login: null, password: null });
  // A field's message shows once it was left (or typed on the kiosk keys), as before with mode 'onTouched'.
  const [valores, setValores] = useState<CamposLogin>(VAZIO);
  const [tocados, setTocados] = useState<Partial<Record<Campo, boolean>>>({});
  const erros = validarLogin(valores);
  const valido = Object.keys(erros).length === 0;

  // What was typed, or filled in by the phone's password manager, in the form the HTML painted before React took
  // it over (the code comes after the first paint, docs/decisions/0194) is kept: React's hydration leaves the
  // fields' text as it finds it, and the form's state starts from it instead of wiping it at the next render.
  useEffect(() => {
    const digitado = (nome: Campo) =>
      (refs.current[nome]?.value ?? '').replace(/\D/g, '').slice(0, LIMITE[nome]);
    const login = digitado('login');
    const password = digitado('password');
    if (login || password) setValores((v) => ({ login: v.login || login, password: v.password || password }));
  }, []);

  // At the kiosk the on-screen keys type into the highlighted field.
  useEffect(() => {
    if (quiosque) refs.current[campoAtivo]?.focus();
  }, [quiosque, campoAtivo]);

  // A half-typed kiosk form does not wait for the next worker.
  useEffect(() => {
    if (!quiosque) return;
    let relogio: number | undefined;
    const reiniciar = () => {
      window.clearTimeout(relogio);
      relogio = window.setTimeout(() => {
        setValores(VAZIO);
        setTocados({});
        setErro(null);
        setCampoAtivo('login');
      }, LIMPAR_TOTEM_MS);
    };
    reiniciar();
    window.addEventListener('pointerdown', reiniciar);
    window.addEventListener('keydown', reiniciar);
    return () => {
      window.clearTimeout(relogio);
      window.removeEventListener('pointerdown', reiniciar);
      window.removeEventListener('keydown', reiniciar);
    };
  }, [quiosque]);

  async function confirmar(evento: FormEvent) {
    evento.preventDefault();
    if (!valido || entrando) {
      setTocados({ login: true, password: true });
      return;
    }
    const campos = valores;
    setErro(null);
    setEntrando(true);
    try {
      marcarQuiosque(quiosque);
      await concluir(await entrar({ ...campos, ...(quiosque ? { quiosque: true } : {}) }));
    } catch (e) {
      marcarQuiosque(false);
      setErro(e instanceof ErroApi ? e.message : 'Sem comunicação com o servidor!');
      setValores((v) => ({ ...v, password: '' }));
      if (quiosque) setCampoAtivo('password');
    } finally {
      setEntrando(false);
    }
  }

  /** What every login does with the answer, by password or by passkey. */
  async function concluir(dados: DadosLogin) {
    // A login answer without a token forces a logout (docs/produto/escalacao.md §4).
    if (!sessao.temToken()) {
      limparSessaoLocal();
      setErro('Não foi possível iniciar a sessão. Tente novamente.');
      return;
    }
    sessao.definir(dados);
    // The after-login sequence: every feature's registered step (the call's store, the election, the
    // offline app) and the prefetches (web/lib/apos-login.ts).
    navigate(await aposLogin(dados), { replace: true });
  }

  /** "Entrar com a digital" (docs/decisions/0229): a passkey instead of the password, never at the kiosk. */
  async function entrarComADigital() {
    if (entrando) return;
    setErro(null);
    setEntrando(true);
    try {
      marcarQuiosque(false);
      const { entrarComDigital } = await import('./digital.ts');
      await concluir(await entrarComDigital());
    } catch (e) {
      const paraOTrabalhador = e instanceof ErroApi || (e instanceof Error && e.name === 'ErroDigital');
      setErro(paraOTrabalhador ? e.message : 'Sem comunicação com o servidor!');
    } finally {
      setEntrando(false);
    }
  }

  function teclar(tecla: string) {
    const atual = valores[campoAtivo];
    let novo = atual;
    if (tecla === 'apagar') novo = atual.slice(0, -1);
    else if (tecla === 'limpar') novo = '';
    else if (/^\d$/.test(tecla) && atual.length < LIMITE[campoAtivo]) novo = atual + tecla;
    setValores((v) => ({ ...v, [campoAtivo]: novo }));
    if (novo.length > 0) setTocados((t) => ({ ...t, [campoAtivo]: true }));
    // The user code is complete: move on to the password.
    if (campoAtivo === 'login' && novo.length === TAMANHO_USUARIO && tecla !== 'apagar') {
      setCampoAtivo('password');
    }
  }

  const mostrarErro = (campo: Campo) => (tocados[campo] ? erros[campo] : undefined);

  function campo(nome: Campo, rotulo: string, Icone: typeof UserRound) {
    const mensagem = mostrarErro(nome);
    return (
      <div className={quiosque && campoAtivo === nome ? 'campo campo-ativo' : 'campo'}>
        <label htmlFor={`campo-${nome}`}>{rotulo}</label>
        <div className="campo-com-icone">
          <Icone aria-hidden size={20} />
          <input
            id={`campo-${nome}`}
            type={nome === 'password' ? 'password' : 'text'}
            inputMode={quiosque ? 'none' : 'numeric'}
            autoComplete={quiosque ? 'off' : nome === 'login' ? 'username' : 'current-password'}
            maxLength={LIMITE[nome]}
            aria-invalid={mensagem ? true : undefined}
            aria-describedby={mensagem ? `erro-${nome}` : undefined}
            name={nome}
            value={valores[nome]}
            onFocus={() => setCampoAtivo(nome)}
            onBlur={() => setTocados((t) => ({ ...t, [nome]: true }))}
            onChange={(e) => {
              const digitos = e.target.value.replace(/\D/g, '').slice(0, LIMITE[nome]);
              setValores((v) => ({ ...v, [nome]: digitos }));
            }}
            ref={(el) => {
              refs.current[nome] = el;
            }}
          />
        </div>
        {mensagem ? (
          <span id={`erro-${nome}`} className="campo-erro">
            {mensagem}
          </span>
        ) : null}
      </div>
    );
  }

  return (
    <div className={quiosque ? 'login login-totem' : 'login'}>
      <section className="login-apresentacao">
        <span className="login-marca" aria-hidden>
          <Anchor />
        </span>
        <h1>{quiosque ? 'Totem do TPA' : 'Bem-vindo ao Portal do TPA'}</h1>
        <p>
          Escalação eletrônica em rodízio, crachá, contracheques e declarações do Trabalhador Portuário
          Avulso.
        </p>
        <ChamadaAberta />
      </section>

      <section className="cartao login-cartao" aria-labelledby="titulo-login">
        <h2 id="titulo-login" className="cartao-titulo">
          {quiosque ? <MonitorSmartphone aria-hidden /> : <LogIn aria-hidden />}
          Acesse sua conta
        </h2>
        <form onSubmit={confirmar} noValidate>
          {campo('login', 'Usuário', UserRound)}
          {campo('password', 'Senha', KeyRound)}
          {erro ? <Alerta tipo="erro">{erro}</Alerta> : null}
          {quiosque ? <TecladoNumerico aoTeclar={teclar} desabilitado={entrando} /> : null}
          <button
            type="submit"
            className="botao botao-destaque botao-bloco login-confirmar"
            disabled={!valido || entrando}
            aria-busy={entrando}
          >
            {entrando ? <span className="spinner" aria-hidden /> : null}
            {entrando ? 'Entrando...' : 'Confirmar'}
          </button>
        </form>
        {quiosque ? null : (
          <button
            type="button"
            className="botao botao-secundario botao-bloco login-digital"
            onClick={entrarComADigital}
            disabled={entrando}
          >
            <Fingerprint aria-hidden size={22} />
            Entrar com a digital
          </button>
        )}
        {quiosque ? null : (
          <p className="login-rodape">
            <Link to={caminhos.primeiroAcesso}>Primeiro acesso ou nova senha</Link>
            <Link to={caminhos.funcoes}>Conheça as funções portuárias</Link>
          </p>
        )}
      </section>
    </div>
  );
}
