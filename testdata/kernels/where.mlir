// Where with one operand: the coordinates (i64 [count, rank], row-major) of the true or nonzero elements of
// i1 (rank 3), f32 (NaN nonzero, -0 zero), i32, f16 and a ui8 scalar (rank 0: [count, 0]); of a comparison
// computed in the kernel, its coordinates then gathering the elements (GatherNd): the host runs Where
// between the kernel before it and the kernel after it. All false and empty tensors give [0, rank].
func.func @test(%b: tensor<?x?x?xi1>, %f: tensor<?xf32>, %i: tensor<?x?xi32>, %h: tensor<?x?xf16>, %s: tensor<ui8>, %x: tensor<?x?xf32>) -> (tensor<?x3xi64>, tensor<?x1xi64>, tensor<?x2xi64>, tensor<?x2xi64>, tensor<?x0xi64>, tensor<?x2xi64>, tensor<?xf32>) {
  %0 = "tf.Where"(%b) {device = ""} : (tensor<?x?x?xi1>) -> tensor<?x3xi64>
  %1 = "tf.Where"(%f) {device = ""} : (tensor<?xf32>) -> tensor<?x1xi64>
  %2 = "tf.Where"(%i) {device = ""} : (tensor<?x?xi32>) -> tensor<?x2xi64>
  %3 = "tf.Where"(%h) {device = ""} : (tensor<?x?xf16>) -> tensor<?x2xi64>
  %4 = "tf.Where"(%s) {device = ""} : (tensor<ui8>) -> tensor<?x0xi64>
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %g = "tf.Greater"(%x, %z) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xi1>
  %5 = "tf.Where"(%g) {device = ""} : (tensor<?x?xi1>) -> tensor<?x2xi64>
  %6 = "tf.GatherNd"(%x, %5) {device = ""} : (tensor<?x?xf32>, tensor<?x2xi64>) -> tensor<?xf32>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?x3xi64>, tensor<?x1xi64>, tensor<?x2xi64>, tensor<?x2xi64>, tensor<?x0xi64>, tensor<?x2xi64>, tensor<?xf32>
}
