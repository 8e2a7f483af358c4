// Locations: inline, aliases defined before and after the module, callsite,
// fused, unknown, named; after ops, func args, block args, funcs, the module.
#loc = loc("model.py":1:2)
#loc1 = loc("model.py":10:4)
module {
  func.func @f(%arg0: tensor<f32> loc(#loc), %arg1: tensor<f32> loc("x"("model.py":3:5)), %c: tensor<i1>) -> tensor<f32> {
    %0 = "tf.AddV2"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc(#loc3)
    %1 = "tf.Neg"(%0) : (tensor<f32>) -> tensor<f32> loc(callsite("f"("a.py":1:1) at "b.py":2:2))
    %2 = "tf.Abs"(%1) : (tensor<f32>) -> tensor<f32> loc(fused["n1", "n2"("c.py":9:9)])
    %3 = "tf.Exp"(%2) : (tensor<f32>) -> tensor<f32> loc(fused<#tf.some_metadata>[#loc, #loc1])
    %4 = "tf.IfRegion"(%c) ({
      "tf.Yield"(%3) : (tensor<f32>) -> () loc(unknown)
    }, {
    ^bb0(%z: tensor<f32> loc(unknown)):
      "tf.Yield"(%3) : (tensor<f32>) -> () loc(#loc1)
    }) {is_stateless = true} : (tensor<i1>) -> tensor<f32> loc(#loc1)
    return %3 : tensor<f32> loc(#loc4)
  } loc(#loc)
} loc(unknown)
#loc2 = loc(unknown)
#loc3 = loc(callsite(#loc1 at #loc2))
#loc4 = loc(fused[#loc1, #loc2])
