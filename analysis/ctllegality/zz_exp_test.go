package ctllegality
import ("testing";"fmt";"os";"path/filepath";"github.com/pgnls/pgnls/syntax";"github.com/pgnls/pgnls/analysis/cescacs")
func TestX(t *testing.T){
 files,_ := filepath.Glob("/work/shared/testdata/ctl-pgn/*")
 for _, fn := range files {
  b,_ := os.ReadFile(fn)
  f := syntax.Parse(fn, string(b), syntax.CTLPGN)
  g := f.Game(0).Game
  pos := cescacs.InitialPosition()
  for _, tg := range g.Tags { if tg.Name=="PDTL"||tg.Name=="DPTL" { var pr []cescacs.Problem; pos, pr = cescacs.ParsePDTL(tg.Value,nil); fmt.Println("pdtl", pr) } }
  fmt.Println("==", fn)
  for _, e := range g.Moves {
   m, ok := e.(*syntax.Move); if !ok {continue}
   n, pr := cescacs.ParseMove(m.Text, nil)
   if len(pr)>0 { fmt.Println(m.Text, pr) }
   mv, err := pos.Resolve(n)
   if err != nil { fmt.Println(m.Text, "ERR", err); break }
   if fs := pos.Findings(n, mv); len(fs)>0 { fmt.Println(m.Text, fs) }
   pos.Play(mv)
  }
  fmt.Printf("%+v\n", pos.Status())
 }
}
