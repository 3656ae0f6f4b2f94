import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';
import { avancar, iniciarPassos, voltar } from './passos.ts';

function topo() {
  window.scrollTo({ top: 0, left: 0 });
}

/** A flow's current step with its history; every change scrolls to the top (docs/produto/minha-conta.md §2). */
export function usePassos<P extends string>(inicial: P) {
  const navigate = useNavigate();
  const [estado, setEstado] = useState(() => iniciarPassos(inicial));

  const irPara = useCallback((proximo: P) => {
    setEstado((e) => avancar(e, proximo));
    topo();
  }, []);

  const voltarPasso = useCallback(() => {
    const anterior = voltar(estado);
    if (anterior === 'sair') navigate(caminhos.minhaConta);
    else {
      setEstado(anterior);
      topo();
    }
  }, [estado, navigate]);

  return { passo: estado.atual, irPara, voltar: voltarPasso };
}
