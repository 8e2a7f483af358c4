// sandjit-test: rtol=0 atol=0
// Complex Equal/NotEqual with incompatible_shape_error = false, as TF's CPU kernel (cwise_ops_common.cc
// BinaryOpState) and as for real operands (tfsem_equal_incompatible): shapes that do not broadcast give a
// scalar false (NotEqual: true). complex<f32> [2, 3] vs [4] fold to the constant; "shape"-constrained
// complex<f64> arguments are compiled per shape: equal sizes and size 1 broadcast (both parts compared, NaN
// parts unequal), other sizes give the scalar (the result is declared tensor<*xi1>).
func.func @test(%x: tensor<2x3xcomplex<f32>>, %y: tensor<4xcomplex<f32>>, %u: tensor<?xcomplex<f64>> {jitrt.constraint = "shape"}, %v: tensor<?xcomplex<f64>> {jitrt.constraint = "shape"}) -> (tensor<*xi1>, tensor<*xi1>, tensor<*xi1>, tensor<*xi1>) {
  %0 = "tf.Equal"(%x, %y) {device = "", incompatible_shape_error = false} : (tensor<2x3xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<*xi1>
  %1 = "tf.NotEqual"(%x, %y) {device = "", incompatible_shape_error = false} : (tensor<2x3xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<*xi1>
  %2 = "tf.Equal"(%u, %v) {device = "", incompatible_shape_error = false} : (tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>) -> tensor<*xi1>
  %3 = "tf.NotEqual"(%u, %v) {device = "", incompatible_shape_error = false} : (tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>) -> tensor<*xi1>
  func.return %0, %1, %2, %3 : tensor<*xi1>, tensor<*xi1>, tensor<*xi1>, tensor<*xi1>
}
