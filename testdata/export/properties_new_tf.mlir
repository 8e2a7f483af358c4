// Newer TF (2.16+) prints inherent attributes as properties <{...}> and keeps device in the dictionary;
// fused locations with names; Split with a negative axis.
#loc = loc("x")
module {
  func.func @main(%arg0: tensor<2x6xf32> loc("x")) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %cst = "tf.Const"() <{value = dense<-1> : tensor<i32>}> {device = ""} : () -> tensor<i32> loc(#loc1)
    %0:2 = "tf.Split"(%cst, %arg0) <{num_split = 2 : i64}> {device = ""} : (tensor<i32>, tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) loc(#loc2)
    %1 = "tf.Sub"(%0#0, %0#1) {device = ""} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> loc(fused["Sub", "model/sub"])
    %2:2 = "tf.IdentityN"(%1, %0#1) {T = [f32, f32], device = ""} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) loc(#loc3)
    return %2#0, %2#1 : tensor<2x3xf32>, tensor<2x3xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("split/split_dim")
#loc2 = loc(fused[#loc1, "split"])
#loc3 = loc(callsite("IdentityN"("model.py":12:0) at "main.py":3:0))
