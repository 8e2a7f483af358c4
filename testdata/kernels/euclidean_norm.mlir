// sandjit-test: rtol=1e-5 atol=1e-6
// EuclideanNorm, √Σx² over constant axes: f32 over the rows, the columns with keep_dims, and everything
// (+Inf among the values gives +Inf); f64 over two axes of three; f16 (summed in f32, rounded once). An
// empty reduction is 0. Goldens are float64 sums rounded once; the kernel sums in the element type as TF does.
func.func @test(%x: tensor<?x?xf32>, %y: tensor<?x?x?xf64>, %h: tensor<?xf16>) -> (tensor<?xf32>, tensor<1x?xf32>, tensor<f32>, tensor<?xf64>, tensor<f16>) {
  %c1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %c0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %c01 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %c02 = "tf.Const"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "tf.EuclideanNorm"(%x, %c1) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xf32>
  %1 = "tf.EuclideanNorm"(%x, %c0) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<i32>) -> tensor<1x?xf32>
  %2 = "tf.EuclideanNorm"(%x, %c01) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<f32>
  %3 = "tf.EuclideanNorm"(%y, %c02) {device = "", keep_dims = false} : (tensor<?x?x?xf64>, tensor<2xi64>) -> tensor<?xf64>
  %4 = "tf.EuclideanNorm"(%h, %c0) {device = "", keep_dims = false} : (tensor<?xf16>, tensor<i32>) -> tensor<f16>
  func.return %0, %1, %2, %3, %4 : tensor<?xf32>, tensor<1x?xf32>, tensor<f32>, tensor<?xf64>, tensor<f16>
}
