import type { LucideIcon, LucideProps } from 'lucide-react';
import {
  Anchor,
  ArrowRightLeft,
  Boxes,
  BrushCleaning,
  Car,
  ClipboardList,
  Construction,
  Container,
  Droplet,
  Eye,
  Flag,
  Forklift,
  Hammer,
  HardHat,
  Lasso,
  Paintbrush,
  Scale,
  Shield,
  Ship,
  Tag,
  Truck,
  UserRound,
  Wrench,
} from 'lucide-react';
import type { Icone } from '#common/funcoes.ts';

/** The drawing of each icon name of the function catalogue (common/funcoes.ts `icones`). */
export const desenhosFuncao: Record<Icone, LucideIcon> = {
  trabalhador: UserRound,
  capacete: HardHat,
  guindaste: Construction,
  empilhadeira: Forklift,
  caminhao: Truck,
  carro: Car,
  conteiner: Container,
  navio: Ship,
  ancora: Anchor,
  caixas: Boxes,
  prancheta: ClipboardList,
  balanca: Scale,
  ferramenta: Wrench,
  martelo: Hammer,
  pincel: Paintbrush,
  gota: Droplet,
  escudo: Shield,
  olho: Eye,
  bandeira: Flag,
  corda: Lasso,
  esteira: ArrowRightLeft,
  etiqueta: Tag,
  vassoura: BrushCleaning,
};

interface IconeFuncaoProps extends LucideProps {
  /** An icon name of the catalogue; unknown names draw the default worker. */
  icone: Icone | string;
}

/** A function's icon (decorative by default: the function's name is always written beside it). */
export function IconeFuncao({ icone, ...props }: IconeFuncaoProps) {
  const Desenho = desenhosFuncao[icone as Icone] ?? UserRound;
  return <Desenho aria-hidden {...props} />;
}
