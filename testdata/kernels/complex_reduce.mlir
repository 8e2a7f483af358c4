// Complex reductions over constant axes: Sum (keep_dims), Mean over two axes (one negative; empty means are
// NaN + NaN·i), Prod (sequential, of the parts' exact products rounded once), and an empty axis list; complex<f32>
// with Inf and NaN parts, complex<f64>; both accumulate in f64, as the reference evaluator does.
func.func @test(%x: tensor<?x?x3xcomplex<f32>>, %y: tensor<?x?xcomplex<f64>>, %z: tensor<?x?x4xcomplex<f32>>) -> (tensor<?x1x3xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?x?xcomplex<f32>>, tensor<complex<f64>>, tensor<1x?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f32>>) {
  %a1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %a02 = "tf.Const"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %a01 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %a0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %a2 = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %am1 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %none = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %0 = "tf.Sum"(%x, %a1) {keep_dims = true} : (tensor<?x?x3xcomplex<f32>>, tensor<1xi32>) -> tensor<?x1x3xcomplex<f32>>
  %1 = "tf.Mean"(%x, %a02) {keep_dims = false} : (tensor<?x?x3xcomplex<f32>>, tensor<2xi64>) -> tensor<?xcomplex<f32>>
  %2 = "tf.Prod"(%z, %a2) : (tensor<?x?x4xcomplex<f32>>, tensor<1xi32>) -> tensor<?x?xcomplex<f32>>
  %3 = "tf.Sum"(%y, %a01) : (tensor<?x?xcomplex<f64>>, tensor<2xi32>) -> tensor<complex<f64>>
  %4 = "tf.Prod"(%y, %a0) {keep_dims = true} : (tensor<?x?xcomplex<f64>>, tensor<i32>) -> tensor<1x?xcomplex<f64>>
  %5 = "tf.Mean"(%y, %a1) : (tensor<?x?xcomplex<f64>>, tensor<1xi32>) -> tensor<?xcomplex<f64>>
  %6 = "tf.Sum"(%y, %none) : (tensor<?x?xcomplex<f64>>, tensor<0xi32>) -> tensor<?x?xcomplex<f64>>
  %7 = "tf.Prod"(%z, %am1) : (tensor<?x?x4xcomplex<f32>>, tensor<i32>) -> tensor<?x?xcomplex<f32>>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?x1x3xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?x?xcomplex<f32>>, tensor<complex<f64>>, tensor<1x?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f32>>
}
