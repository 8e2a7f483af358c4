// Printed the way mlir-opt --mlir-print-debuginfo prints: location aliases after the module, and
// name, fused, callsite and unknown locations.
module {
  func.func @test(%arg0: tensor<?x?xf32> loc(unknown), %arg1: tensor<?xf32> loc(unknown)) -> (tensor<?x?xf32>, tensor<?xf32>) {
    %cst = "tf.Const"() {value = dense<2.000000e+00> : tensor<f32>} : () -> tensor<f32> loc(#loc3)
    %0 = "tf.Pow"(%arg0, %cst) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32> loc(#loc4)
    %1 = "tf.Ceil"(%arg1) {device = ""} : (tensor<?xf32>) -> tensor<?xf32> loc(fused[#loc3, #loc4])
    %2 = "tf.BiasAdd"(%0, %1) {data_format = "NHWC", device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32> loc(callsite(#loc5 at #loc6))
    return %2, %1 : tensor<?x?xf32>, tensor<?xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc1 = loc("model.py":10:1)
#loc2 = loc("model.py":11:3)
#loc3 = loc("pow/y"(#loc1))
#loc4 = loc("pow"(#loc2))
#loc5 = loc("bias"("model.py":12:5))
#loc6 = loc("caller.py":1:1)
