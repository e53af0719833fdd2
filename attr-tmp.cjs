const fs=require('fs');const {SourceMapConsumer}=require('source-map-js');
const file=process.argv[2];const code=fs.readFileSync(file,'utf8');const map=JSON.parse(fs.readFileSync(file+'.map','utf8'));
const c=new SourceMapConsumer(map);const lines=code.split('\n');const sizes={};
const mappings=[];c.eachMapping(m=>mappings.push(m));
mappings.sort((a,b)=>a.generatedLine-b.generatedLine||a.generatedColumn-b.generatedColumn);
for(let i=0;i<mappings.length;i++){const m=mappings[i];const n=mappings[i+1];
 let len; if(n&&n.generatedLine===m.generatedLine) len=n.generatedColumn-m.generatedColumn; else len=lines[m.generatedLine-1].length-m.generatedColumn;
 let s=m.source||'?'; s=s.replace(/.*node_modules\//,'nm:').replace(/^(nm:(@[^/]+\/)?[^/]+).*/,'$1').replace(/.*\/work\/main\//,'');
 sizes[s]=(sizes[s]||0)+len;}
const groups={};for(const [k,v] of Object.entries(sizes)){const g=k.startsWith('nm:')?k:k.split('/').slice(0,process.argv[3]?+process.argv[3]:2).join('/');groups[g]=(groups[g]||0)+v}
Object.entries(groups).sort((a,b)=>b[1]-a[1]).forEach(([k,v])=>console.log((v/1024).toFixed(1).padStart(7),k));
