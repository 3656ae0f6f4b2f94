import { Building2, ClipboardList, Landmark, ShieldAlert, UserCog, Users, Vote } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { Papel } from '#common/dominio.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useDadosLogin } from '../../lib/sessao.ts';

/** Each staff area of /gestao and the role that opens it (issue 30): a member sees only their roles' areas. */
export const AREAS_GESTAO: readonly { papel: Papel; para: string; titulo: string; icone: ReactNode }[] = [
  {
    papel: 'escalador',
    para: caminhos.gestao,
    titulo: 'Escalas',
    icone: <ClipboardList aria-hidden size={18} />,
  },
  {
    papel: 'cadastro',
    para: caminhos.gestaoTrabalhadores,
    titulo: 'Trabalhadores',
    icone: <Users aria-hidden size={18} />,
  },
  {
    papel: 'financeiro',
    para: caminhos.gestaoFinanceiro,
    titulo: 'Folha',
    icone: <Landmark aria-hidden size={18} />,
  },
  {
    papel: 'eleicao',
    para: caminhos.gestaoEleicoes,
    titulo: 'Eleições',
    icone: <Vote aria-hidden size={18} />,
  },
  {
    papel: 'administrador',
    para: caminhos.gestaoEquipe,
    titulo: 'Equipe',
    icone: <UserCog aria-hidden size={18} />,
  },
  {
    papel: 'administrador',
    para: caminhos.gestaoSeguranca,
    titulo: 'Totens e bloqueios',
    icone: <ShieldAlert aria-hidden size={18} />,
  },
];

/** The first area a member's roles open, or undefined for someone holding none. */
export function primeiraAreaGestao(papeis: readonly string[]): string | undefined {
  return AREAS_GESTAO.find((a) => papeis.includes(a.papel))?.para;
}

/** The staff areas the logged-in member may enter, on top of every /gestao page. */
export function MenuGestao() {
  const dados = useDadosLogin();
  const areas = AREAS_GESTAO.filter((a) => dados?.papeis.includes(a.papel));
  if (areas.length < 2) return null;
  return (
    <nav className="menu-gestao" aria-label="Áreas da gestão">
      <Building2 aria-hidden size={18} className="menu-gestao-icone" />
      <ul>
        {areas.map((a) => (
          <li key={a.para}>
            <NavLink to={a.para} end className="menu-gestao-link">
              {a.icone}
              {a.titulo}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
