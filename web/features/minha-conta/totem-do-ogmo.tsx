import { useMutation } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { apiSeguranca } from '#common/api/seguranca.ts';
import { Alerta } from '../../components/ui/estados.tsx';
import { chamar, ErroApi } from '../../lib/api-client.ts';
import { useAvulso } from '../../lib/sessao.ts';
import { ehQuiosque } from '../../lib/token.ts';

/**
 * "Totem do OGMO" in /minha-conta/configuracoes, for the role `administrador` only (docs/decisions/0228): opened
 * in the kiosk's own browser, it registers that browser as one of the OGMO's kiosks, whose logins have a
 * guess budget no outsider reaches.
 */
export function TotemDoOgmo() {
  const avulso = useAvulso();
  const idCampo = useId();
  const [nome, setNome] = useState('');
  const registrar = useMutation({
    mutationFn: () => chamar(apiSeguranca.registrarTotem, { corpo: { nome } }),
  });
  if (!avulso.papeis.includes('administrador') || ehQuiosque()) return null;

  return (
    <section className="cartao mc-passkeys" aria-labelledby="titulo-totem-ogmo">
      <h2 id="titulo-totem-ogmo" className="cartao-titulo">
        <MonitorSmartphone aria-hidden size={24} />
        Totem do OGMO
      </h2>
      <p className="texto-suave">
        Abra esta tela no navegador do próprio totem e registre-o: os logins feitos nele terão um limite de
        tentativas próprio, que ninguém de fora consegue travar.
      </p>
      <form
        className="mc-totem-form"
        onSubmit={(e) => {
          e.preventDefault();
          registrar.mutate();
        }}
      >
        <label htmlFor={idCampo}>Nome do totem</label>
        <input
          id={idCampo}
          maxLength={60}
          value={nome}
          onChange={(e) => setNome(e.target.value)}
          placeholder="Ex.: Totem da portaria"
        />
        <button
          type="submit"
          className="botao botao-secundario"
          disabled={registrar.isPending || nome.trim() === ''}
        >
          Registrar este navegador como totem
        </button>
      </form>
      {registrar.isSuccess ? (
        <p className="mc-passkeys-aviso" role="status">
          Totem registrado: {registrar.data.nome}.
        </p>
      ) : null}
      {registrar.isError ? (
        <Alerta tipo="erro">
          {registrar.error instanceof ErroApi ? registrar.error.message : 'Não foi possível registrar agora.'}
        </Alerta>
      ) : null}
    </section>
  );
}
