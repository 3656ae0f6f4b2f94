import { UserRound } from 'lucide-react';
import { useState } from 'react';

/** The candidate's photo (a signed URL), decorative next to the name; an outline when it is missing. */
export function FotoCandidato({ fotoUrl }: { fotoUrl: string | null }) {
  const [falhou, setFalhou] = useState(false);
  if (!fotoUrl || falhou) {
    return (
      <span className="candidato-foto candidato-foto-vazia" aria-hidden>
        <UserRound />
      </span>
    );
  }
  return (
    <img className="candidato-foto" src={fotoUrl} alt="" onError={() => setFalhou(true)} decoding="async" />
  );
}
