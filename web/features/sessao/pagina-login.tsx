import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Anchor, CalendarClock, KeyRound, LogIn, MonitorSmartphone, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { loginBody } from '#common/api/sessao.ts';
import { SENHA_MAX, TAMANHO_USUARIO } from '#common/dominio.ts';
import { formatarDataIso } from '#common/formato.ts';
import { Alerta } from '../../components/ui/estados.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';
import { marcarQuiosque } from '../../lib/token.ts';
import { entrar, escalaAbertaQuery } from './api.ts';
import { aposLogin } from './apos-login.ts';
import { limparSessaoLocal } from './encerrar.ts';
import { TecladoNumerico } from './teclado-numerico.tsx';
import './sessao.css';

/** The form validates with the wire schema of POST /api/login (escalacao.md §5). */
const formularioLogin = loginBody.pick({ login: true, password: true });
interface CamposLogin {
  login: string;
  password: string;
}

type Campo = keyof CamposLogin;
const LIMITE: Record<Campo, number> = { login: TAMANHO_USUARIO, password: SENHA_MAX };

/** After this long without a touch, a half-typed kiosk form is wiped (the next worker must not see it). */
const LIMPAR_TOTEM_MS = 90_000;

function ChamadaAberta() {
  const { data, isPending } = useQuery(escalaAbertaQuery);
  if (isPending) return null;
  return (
    <p className="login-chamada">
      <CalendarClock aria-hidden size={18} />
      {data ? (
        <span>
          Chamada aberta: <strong>Escala nº {data.numEscalacao}</strong>, {formatarDataIso(data.dataChamada)}{' '}
          às {data.horaChamada}
        </span>
      ) : (
        <span>NÃO TEM CHAMADA ABERTA!</span>
      )}
    </p>
  );
}

/**
 * /login and /totem (escalacao.md §2): fields Usuário and Senha, button Confirmar. At the kiosk an
 * on-screen numeric keyboard fills the focused field and the session is a kiosk session.
 */
export function PaginaLogin({ quiosque = false }: { quiosque?: boolean }) {
  const navigate = useNavigate();
  const [entrando, setEntrando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [campoAtivo, setCampoAtivo] = useState<Campo>('login');
  const refs = useRef<Record<Campo, HTMLInputElement | null>>({ login: null, password: null });
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    reset,
    formState: { errors, isValid, touchedFields },
  } = useForm<CamposLogin>({
    resolver: zodResolver(formularioLogin),
    mode: 'onTouched',
    defaultValues: { login: '', password: '' },
  });

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
        reset();
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
  }, [quiosque, reset]);

  async function confirmar(campos: CamposLogin) {
    setErro(null);
    setEntrando(true);
    try {
      marcarQuiosque(quiosque);
      const dados = await entrar({ ...campos, ...(quiosque ? { quiosque: true } : {}) });
      // A login answer without a token forces a logout (escalacao.md §4).
      if (!sessao.temToken()) {
        limparSessaoLocal();
        setErro('Não foi possível iniciar a sessão. Tente novamente.');
        return;
      }
      sessao.definir(dados);
      navigate(await aposLogin(dados), { replace: true });
    } catch (e) {
      marcarQuiosque(false);
      setErro(e instanceof ErroApi ? e.message : 'Sem comunicação com o servidor!');
      setValue('password', '', { shouldValidate: true });
      if (quiosque) setCampoAtivo('password');
    } finally {
      setEntrando(false);
    }
  }

  function teclar(tecla: string) {
    const atual = getValues(campoAtivo);
    let novo = atual;
    if (tecla === 'apagar') novo = atual.slice(0, -1);
    else if (tecla === 'limpar') novo = '';
    else if (/^\d$/.test(tecla) && atual.length < LIMITE[campoAtivo]) novo = atual + tecla;
    setValue(campoAtivo, novo, { shouldValidate: true, shouldDirty: true, shouldTouch: novo.length > 0 });
    // The user code is complete: move on to the password.
    if (campoAtivo === 'login' && novo.length === TAMANHO_USUARIO && tecla !== 'apagar') {
      setCampoAtivo('password');
    }
  }

  const mostrarErro = (campo: Campo) => (touchedFields[campo] ? errors[campo]?.message : undefined);

  function campo(nome: Campo, rotulo: string, Icone: typeof UserRound) {
    const { ref, onChange, ...resto } = register(nome);
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
            onFocus={() => setCampoAtivo(nome)}
            onChange={(e) => {
              e.target.value = e.target.value.replace(/\D/g, '').slice(0, LIMITE[nome]);
              return onChange(e);
            }}
            ref={(el) => {
              ref(el);
              refs.current[nome] = el;
            }}
            {...resto}
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
        <form onSubmit={handleSubmit(confirmar)} noValidate>
          {campo('login', 'Usuário', UserRound)}
          {campo('password', 'Senha', KeyRound)}
          {erro ? <Alerta tipo="erro">{erro}</Alerta> : null}
          {quiosque ? <TecladoNumerico aoTeclar={teclar} desabilitado={entrando} /> : null}
          <button
            type="submit"
            className="botao botao-destaque botao-bloco login-confirmar"
            disabled={!isValid || entrando}
            aria-busy={entrando}
          >
            {entrando ? <span className="spinner" aria-hidden /> : null}
            {entrando ? 'Entrando...' : 'Confirmar'}
          </button>
        </form>
        {quiosque ? null : (
          <p className="login-rodape">
            <Link to={caminhos.funcoes}>Conheça as funções portuárias</Link>
          </p>
        )}
      </section>
    </div>
  );
}
