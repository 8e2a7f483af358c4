// EuclideanNorm over two axes with keep_dims, and over one axis without (tf.norm exported).
func.func @test(%V__0: tensor<?x?x?xf32> { python_test_attrs.static_type = tensor<3x4x5xf32> }) -> (tensor<?x1x1xf32>, tensor<?x?xf32>) {
  %dims = "tf.Const"() {device = "", value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %dim = "tf.Const"() {device = "", value = dense<-2> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.EuclideanNorm"(%V__0, %dims) {T = f32, Tidx = i32, device = "", keep_dims = true} : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<?x1x1xf32>
  %1 = "tf.EuclideanNorm"(%V__0, %dim) {T = f32, Tidx = i64, device = "", keep_dims = false} : (tensor<?x?x?xf32>, tensor<i64>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x1x1xf32>, tensor<?x?xf32>
}
