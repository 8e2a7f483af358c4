// sandjit-test: rtol=0 atol=0
// Equal/NotEqual with incompatible_shape_error = false, as TF's CPU kernel (cwise_ops_common.cc BinaryOpState):
// incompatible shapes give a scalar false (NotEqual: true) instead of an error. Static [2] vs [3] fold to the
// constant; "shape"-constrained i32 arguments are compiled per shape: equal sizes and size 1 broadcast, other
// sizes give the scalar (the result's rank differs between cases, so it is declared tensor<*xi1>).
func.func @test(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>, %arg2: tensor<?xi32> {jitrt.constraint = "shape"}, %arg3: tensor<?xi32> {jitrt.constraint = "shape"}) -> (tensor<*xi1>, tensor<*xi1>, tensor<*xi1>, tensor<*xi1>) {
  %0 = "tf.Equal"(%arg0, %arg1) {device = "", incompatible_shape_error = false} : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xi1>
  %1 = "tf.NotEqual"(%arg0, %arg1) {device = "", incompatible_shape_error = false} : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xi1>
  %2 = "tf.Equal"(%arg2, %arg3) {device = "", incompatible_shape_error = false} : (tensor<?xi32>, tensor<?xi32>) -> tensor<*xi1>
  %3 = "tf.NotEqual"(%arg2, %arg3) {device = "", incompatible_shape_error = false} : (tensor<?xi32>, tensor<?xi32>) -> tensor<*xi1>
  func.return %0, %1, %2, %3 : tensor<*xi1>, tensor<*xi1>, tensor<*xi1>, tensor<*xi1>
}
